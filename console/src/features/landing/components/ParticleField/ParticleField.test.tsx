import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { fixedMediaQueryList } from '../../../../test/media-query';
import { ParticleField } from './ParticleField';

/** A matchMedia that answers width and reduced-motion queries for one simulated screen. */
function simulateScreen(widthPx: number, prefersReducedMotion = false): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => {
    const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
    const minWidth = /min-width:\s*([\d.]+)px/.exec(query);
    let matches = false;
    if (query.includes('prefers-reduced-motion: reduce')) matches = prefersReducedMotion;
    else if (maxWidth?.[1] !== undefined) matches = widthPx <= Number(maxWidth[1]);
    else if (minWidth?.[1] !== undefined) matches = widthPx >= Number(minWidth[1]);
    return fixedMediaQueryList(query, matches);
  });
}

function renderField() {
  return render(
    <MantineProvider env="test">
      <ParticleField />
    </MantineProvider>,
  );
}

describe('ParticleField', () => {
  it('floats 24 particles on a desktop-wide screen', () => {
    simulateScreen(1280);
    renderField();
    expect(screen.getAllByTestId('particle')).toHaveLength(24);
  });

  it('floats 24 particles at exactly 768 px', () => {
    simulateScreen(768);
    renderField();
    expect(screen.getAllByTestId('particle')).toHaveLength(24);
  });

  it('floats 12 particles below 768 px', () => {
    simulateScreen(767);
    renderField();
    expect(screen.getAllByTestId('particle')).toHaveLength(12);
  });

  it('shows no particles when the user prefers reduced motion', () => {
    simulateScreen(1280, true);
    renderField();
    expect(screen.queryAllByTestId('particle')).toHaveLength(0);
  });

  it('gives each particle a 15-25 s animation with a 0-5 s delay', () => {
    simulateScreen(1280);
    renderField();
    for (const particle of screen.getAllByTestId('particle')) {
      const duration = Number.parseFloat(particle.style.animationDuration);
      const delay = Number.parseFloat(particle.style.animationDelay);
      expect(duration).toBeGreaterThanOrEqual(15);
      expect(duration).toBeLessThanOrEqual(25);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(5);
    }
  });
});
