import { describe, expect, it } from 'vitest';
import { RequestError } from '../http/http';
import { refusalText } from '../../shared/refusals';
import { staffProblem } from './staff-words';

const refused = (status: number, body: unknown) =>
  new RequestError({ kind: 'permanent', status, message: `HTTP ${status}`, body });

describe("the delivery service's refusals in staff words", () => {
  it('names a closed venue (400 VENUE_CLOSED), not the details staff typed', () => {
    const closed = staffProblem(refused(400, { error_code: 'VENUE_CLOSED', reason: 'closed' }));
    expect(closed.key).toBe('courier-venue-closed');
    expect(refusalText(closed, 'en')).toMatch(/closed/);
    expect(refusalText(closed, 'fi')).not.toBe(refusalText(closed, 'en'));
    // A code the terminal does not know stays the plain refusal of its status.
    expect(staffProblem(refused(400, { error_code: 'SOMETHING_NEW' })).key).toBe(
      'courier-details-refused',
    );
  });
});
