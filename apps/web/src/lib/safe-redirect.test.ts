import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/dashboard/settings?tab=security')).toBe('/dashboard/settings?tab=security');
  });

  it('refuses other sites and non-paths', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
