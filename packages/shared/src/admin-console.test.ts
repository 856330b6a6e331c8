import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  adminAuditQuerySchema,
  auditActionLabel,
  maskSigningSecret,
} from './admin-console.js';

describe('maskSigningSecret', () => {
  it('keeps the prefix and the last 4 characters only', () => {
    const secret = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cw';
    expect(maskSigningSecret(secret)).toBe('whsec_••••••••N0cw');
    expect(maskSigningSecret(secret)).not.toContain(secret.slice(6, -4));
    expect(maskSigningSecret('')).toBe('');
  });
});

describe('the audit actions', () => {
  it('each have a distinct readable label; an unknown one is shown as stored', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(labels.every((label) => /^[A-Z][^._]+$/.test(label))).toBe(true);
    expect(auditActionLabel('refund.succeeded')).toBe('Refund made');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('filter the audit log query, an empty filter being none', () => {
    expect(adminAuditQuerySchema.parse({ action: '', clinicId: '' })).toEqual({ page: 1, pageSize: 25 });
    expect(adminAuditQuerySchema.safeParse({ action: 'refund.everything' }).success).toBe(false);
  });
});
