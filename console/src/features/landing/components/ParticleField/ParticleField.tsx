import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import classes from './ParticleField.module.css';

export const DESKTOP_PARTICLES = 24;
export const MOBILE_PARTICLES = 12;

interface ParticleSpec {
  leftPct: number;
  topPct: number;
  sizePx: number;
  durationS: number;
  delayS: number;
}

function randomBetween(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

// Drawn once per page load, outside render, so re-renders do not restart the animations.
const particleSpecs: readonly ParticleSpec[] = Array.from({ length: DESKTOP_PARTICLES }, () => ({
  leftPct: randomBetween(0, 100),
  topPct: randomBetween(15, 100),
  sizePx: randomBetween(4, 10),
  durationS: randomBetween(15, 25),
  delayS: randomBetween(0, 5),
}));

/** Floating particles behind the hero: 12 below 768 px, 24 otherwise, none with reduced motion. */
export function ParticleField() {
  // No SSR here, so read the media queries on the first render instead of after an effect.
  const options = { getInitialValueInEffect: false };
  const narrow = useMediaQuery('(max-width: 767.98px)', false, options);
  const reducedMotion = useReducedMotion(false, options);
  if (reducedMotion) return null;

  const count = narrow ? MOBILE_PARTICLES : DESKTOP_PARTICLES;
  return (
    <div className={classes.field} aria-hidden data-testid="particle-field">
      {particleSpecs.slice(0, count).map((particle, index) => (
        <span
          key={index}
          className={classes.particle}
          data-testid="particle"
          style={{
            left: `${particle.leftPct}%`,
            top: `${particle.topPct}%`,
            width: particle.sizePx,
            height: particle.sizePx,
            animationDuration: `${particle.durationS}s`,
            animationDelay: `${particle.delayS}s`,
          }}
        />
      ))}
    </div>
  );
}
