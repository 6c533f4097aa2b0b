import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { aProject } from '../../projects-fixtures';
import { ProjectDetails } from './ProjectDetails';

describe('ProjectDetails: reversals', () => {
  it('lists each reversal with what the buffer pool covered, and states the shortfall', () => {
    renderWithProviders(
      <ProjectDetails
        project={aProject({
          status: 'registered',
          reversals: [
            { reversalId: 'r-1', quantity: 200, cause: 'Wildfire', recordedAt: '2026-11-30T10:00:00.000Z', covered: 200, shortfall: 0 },
            { reversalId: 'r-2', quantity: 900, cause: 'Storm', recordedAt: '2026-12-01T10:00:00.000Z', covered: 100, shortfall: 800 },
            { reversalId: 'r-3', quantity: 5, cause: 'Pest', recordedAt: '2026-12-01T11:00:00.000Z', covered: null, shortfall: null },
          ],
          reversalShortfall: 800,
        })}
      />,
    );
    const rows = screen.getAllByTestId('project-reversal');
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-11-30200 tCO2eWildfire200 tCO2e cancelled0 tCO2e',
      '2026-12-01900 tCO2eStorm100 tCO2e cancelled800 tCO2e',
      '2026-12-015 tCO2ePestBeing covered—',
    ]);
    expect(screen.getByTestId('project-reversal-shortfall')).toHaveTextContent("The buffer pool could not cover 800 tCO2e of this project's reversals.");
  });

  it('shows no reversals section for a project without any', () => {
    renderWithProviders(<ProjectDetails project={aProject()} />);
    expect(screen.queryByTestId('project-reversals')).not.toBeInTheDocument();
  });
});

describe('ProjectDetails: parties', () => {
  it('names a party without a user name (the sandbox pool’s proponent) by its organisation alone', () => {
    renderWithProviders(<ProjectDetails project={aProject({ proponent: { id: null, name: '', organisation: 'Platform market making (sandbox)' } })} />);
    expect(screen.getByText('Platform market making (sandbox)')).toBeInTheDocument();
    expect(screen.queryByText('(Platform market making (sandbox))')).not.toBeInTheDocument();
  });
});
