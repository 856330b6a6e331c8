import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from './page-preloads.js';

const WEB_APP = path.resolve(import.meta.dirname, '../../../web');

describe("the pages' route modules", () => {
  it('are the modules the web router loads lazily, each still where the table says', () => {
    const router = fs.readFileSync(path.join(WEB_APP, 'src/app/router.tsx'), 'utf8');
    for (const [, modules] of ROUTE_MODULES) {
      for (const module of modules) {
        expect(fs.existsSync(path.join(WEB_APP, module)), module).toBe(true);
        const imported = `import('./${module.replace(/^src\/app\//, '').replace(/\.tsx$/, '')}')`;
        expect(router, module).toContain(imported);
      }
    }
  });

  it('match each page path to its own route', () => {
    const routeOf = (pathname: string) =>
      ROUTE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1].at(-1);
    expect(routeOf('/')).toBe('src/app/routes/landing.tsx');
    expect(routeOf('/sign-in')).toBe('src/app/routes/sign-in.tsx');
    expect(routeOf('/sign-in/')).toBe('src/app/routes/sign-in.tsx');
    expect(routeOf('/auth/callback')).toBe('src/app/routes/auth-callback.tsx');
    expect(routeOf('/dashboard')).toBe('src/app/routes/clinic-home.tsx');
    expect(routeOf('/dashboard/payment-history')).toBe('src/app/routes/payment-history.tsx');
    expect(routeOf('/admin/clinics/abc')).toBe('src/app/routes/admin-clinic-profile.tsx');
    expect(routeOf('/admin/clinics')).toBe('src/app/routes/admin-clinics.tsx');
    for (const pathname of ['/sign-inx', '/dashboard/nowhere', '/admin/clinics/a/b', '/payment/abc']) {
      expect(routeOf(pathname), pathname).toBeUndefined();
    }
  });
});
