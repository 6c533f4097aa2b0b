import { describe, expect, it } from 'vitest';
import { exportEventTypes } from '../compliance/evidence-export.contract.js';
import { reportStatuses } from '../projects/projects.constants.js';
import { originRegistryEventTypes, projectEventTypes, verifierEventTypes } from '../projects/projects.events.js';
import { xrplIssueResponse } from '../xrpl/xrpl-actions.contract.js';

/** A capability's contracts name another capability's vocabulary by value (they import only shared code): these keep the copies true. */
describe('contracts that name another capability’s vocabulary', () => {
  it('the "projects" evidence export selects every event of the registry lifecycle, and the issuances', () => {
    expect(new Set(exportEventTypes.projects)).toEqual(
      new Set([
        ...projectEventTypes,
        ...verifierEventTypes,
        ...originRegistryEventTypes,
        'CreditsIssued',
        'BatchAuthorizationRecorded',
        'CorrespondingAdjustmentRecorded',
        'AuthorizedUnitsFirstTransferred',
      ]),
    );
  });

  it('the /xrpl Issue tab answers a report status of the registry lifecycle', () => {
    expect(xrplIssueResponse.shape.reportStatus.options).toEqual([...reportStatuses]);
  });
});
