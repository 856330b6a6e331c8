import { describe, expect, it } from 'vitest';
import { servedInvitation } from './served-invitation';

const preview = {
  clinicName: 'Harley Street Dental',
  email: 'rita@harley.example',
  role: 'reception',
  accountExists: false,
};

describe('servedInvitation', () => {
  it("reads the refusal or the invitation the server put on the page's root", () => {
    expect(servedInvitation({ invitationRefusal: 'expired' })).toEqual({ refusal: 'expired' });
    expect(servedInvitation({ invitation: JSON.stringify(preview) })).toEqual({ preview });
  });

  it('reads nothing it does not know: no attribute, an unknown refusal, a placeholder or a wrong shape', () => {
    for (const data of [
      {},
      { invitationRefusal: 'lost' },
      { invitation: 'clinicpay-placeholder-invitation' },
      { invitation: JSON.stringify({ ...preview, role: 'owner' }) },
      { invitation: JSON.stringify({ ...preview, accountExists: 'no' }) },
      { invitation: JSON.stringify({ ...preview, clinicName: null }) },
    ]) {
      expect(servedInvitation(data), JSON.stringify(data)).toBeUndefined();
    }
  });
});
