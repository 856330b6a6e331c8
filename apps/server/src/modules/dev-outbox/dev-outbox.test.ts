import { describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV } from '../../../test/test-app.js';
import { recordInDevOutbox } from '../../mail/dev-outbox.js';
import { linkify } from './page.js';

describe('/dev/outbox', () => {
  it('shows messages newest first with clickable links and escaped content', async () => {
    const app = await createTestApp();
    await recordInDevOutbox(app.database.db, {
      recipient: 'first@example.com',
      subject: 'Older',
      textBody: 'first',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await recordInDevOutbox(app.database.db, {
      recipient: 'second@example.com',
      subject: 'Newer <b>',
      textBody: 'Open http://localhost:3000/verify-email?token=a&userId=b now',
      htmlBody: '<p>Hello</p>',
      createdAt: new Date('2026-01-02T10:00:00Z'),
    });

    const response = await app.inject({ url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const page = response.body;
    expect(page.indexOf('second@example.com')).toBeLessThan(page.indexOf('first@example.com'));
    expect(page).toContain('Newer &lt;b&gt;');
    expect(page).toContain('<a href="http://localhost:3000/verify-email?token=a&amp;userId=b">');
    expect(page).toContain('srcdoc="&lt;p&gt;Hello&lt;/p&gt;"');
    // The app's icon, so the browser asks for no /favicon.ico (a 404 in its console).
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    await app.close();
  });

  it('shows only the messages to one recipient when asked, whatever the case, and says when there are none', async () => {
    const app = await createTestApp();
    for (const recipient of ['olive@example.com', 'other@example.com', 'Olive@Example.com']) {
      await recordInDevOutbox(app.database.db, { recipient, subject: `To ${recipient}`, textBody: 'x' });
    }

    const filtered = await app.inject({ url: '/dev/outbox?to=OLIVE%40example.com' });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body.match(/<article /g)).toHaveLength(2);
    expect(filtered.body).not.toContain('To other@example.com');
    expect(filtered.body).toContain('value="OLIVE@example.com"');

    const none = await app.inject({ url: '/dev/outbox?to=nobody%40example.com' });
    expect(none.body).toContain('No messages to nobody@example.com.');
    expect(none.body).not.toContain('<article ');
    // A query it does not understand shows the whole outbox, as before.
    const odd = await app.inject({ url: '/dev/outbox?to=a&to=b' });
    expect(odd.statusCode).toBe(200);
    expect(odd.body.match(/<article /g)).toHaveLength(3);
    await app.close();
  });

  it('does not exist in production', async () => {
    const app = await createTestApp({
      env: PRODUCTION_ENV,
    });
    expect((await app.inject({ url: '/dev/outbox' })).statusCode).toBe(404);
    expect(app.mailer.transport).toBe('smtp');
    await app.close();
  });
});

describe('linkify', () => {
  it('turns addresses into links and escapes everything else', () => {
    expect(linkify('see <https://a.test/x?y=1&z=2> ok')).toBe(
      'see &lt;<a href="https://a.test/x?y=1&amp;z=2">https://a.test/x?y=1&amp;z=2</a>&gt; ok',
    );
  });
});
