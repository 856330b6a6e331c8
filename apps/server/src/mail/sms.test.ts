/**
 * The SMS adapter: the real Twilio SDK builds and sends each request, through an HTTP client that
 * answers as Twilio's API would (the machines have no internet); the dev outbox outside production;
 * and a refusal in production without a provider.
 */
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { devOutbox } from '../db/schema/index.js';
import { createSmsSender, PermanentSmsFailure } from './sms.js';

const TWILIO = { accountSid: `AC${'1'.repeat(32)}`, authToken: 'secret-token', from: '+447700900000' };

/** An HTTP client in the SDK's shape that records requests and answers with `status` and `body`. */
function twilioApi(status: number, body: object) {
  const requests: Array<{ method?: string; uri?: string; data?: unknown; username?: string }> = [];
  const client = new twilio.RequestClient();
  client.request = async (options) => {
    requests.push({
      method: options.method,
      uri: options.uri,
      data: options.data,
      username: options.username,
    });
    return { statusCode: status, body, headers: {} } as never;
  };
  return { client, requests };
}

describe('texts through Twilio', () => {
  it('posts the message to the account, from the configured sender', async () => {
    const database = await openTestDatabase();
    const api = twilioApi(201, { sid: `SM${'2'.repeat(32)}`, status: 'queued' });
    const sms = createSmsSender({ isProduction: true, twilio: TWILIO }, database.db, {
      twilioHttpClient: api.client,
    });
    expect(sms.transport).toBe('twilio');
    await sms.send('+447700900123', 'Harley Street Dental: please pay £45.00');
    expect(api.requests).toEqual([
      {
        method: 'post',
        uri: `https://api.twilio.com/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`,
        data: { To: '+447700900123', From: '+447700900000', Body: 'Harley Street Dental: please pay £45.00' },
        username: TWILIO.accountSid,
      },
    ]);
    await database.close();
  });

  it('asks Twilio to report the text’s delivery to the status callback, and resolves to its SID', async () => {
    const database = await openTestDatabase();
    const sid = `SM${'3'.repeat(32)}`;
    const api = twilioApi(201, { sid, status: 'queued' });
    const sms = createSmsSender({ isProduction: true, twilio: TWILIO }, database.db, {
      twilioHttpClient: api.client,
    });
    const callback = 'https://pay.example.com/api/webhooks/twilio/message-status';
    expect(await sms.send('+447700900123', 'Hello', { statusCallback: callback })).toEqual({
      providerMessageId: sid,
    });
    expect(api.requests[0]?.data).toMatchObject({ StatusCallback: callback });
    await database.close();
  });

  it('fails for good when Twilio refuses the number (4xx), and for a retry when Twilio is down (5xx)', async () => {
    const database = await openTestDatabase();
    const refused = twilioApi(400, { code: 21211, message: "The 'To' number is not a valid phone number." });
    const refusing = createSmsSender({ isProduction: true, twilio: TWILIO }, database.db, {
      twilioHttpClient: refused.client,
    });
    await expect(refusing.send('+4412', 'x')).rejects.toBeInstanceOf(PermanentSmsFailure);

    const down = twilioApi(503, { code: 20503, message: 'Service unavailable' });
    const unavailable = createSmsSender({ isProduction: true, twilio: TWILIO }, database.db, {
      twilioHttpClient: down.client,
    });
    const failure = await unavailable.send('+447700900123', 'x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentSmsFailure);
    await database.close();
  });

  it('keeps texts in the dev outbox outside production, and refuses them in production without Twilio', async () => {
    const database = await openTestDatabase();
    const dev = createSmsSender({ isProduction: false }, database.db);
    expect(dev.transport).toBe('dev-outbox');
    await dev.send('+447700900123', 'Hello');
    expect(await database.db.select().from(devOutbox)).toMatchObject([
      { channel: 'sms', recipient: '+447700900123', textBody: 'Hello' },
    ]);

    const none = createSmsSender({ isProduction: true }, database.db);
    await expect(none.send('+447700900123', 'Hello')).rejects.toThrow('No SMS provider is configured');
    await database.close();
  });
});
