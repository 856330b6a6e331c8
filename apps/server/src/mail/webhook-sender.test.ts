import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  createWebhookSender,
  signWebhookPayload,
  verifyWebhookSignature,
  WebhookUrlRefused,
} from './webhook-sender.js';

const SECRET = 'whsec_test_secret';
const BODY = JSON.stringify({
  notification_type: 'payment_received',
  clinic_id: 'c1',
  patient: { name: 'Ann' },
});

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real receiver on 127.0.0.1 that answers each request with `answer`, counting connections. */
async function startReceiver(answer: (response: ServerResponse) => void) {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(response);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push(server);
  const { port } = server.address() as AddressInfo;
  return { port, received, connections: () => connections };
}

const receivers: Server[] = [];
afterEach(async () => {
  for (const server of receivers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const now = () => Math.floor(Date.now() / 1000);

describe('signWebhookPayload and verifyWebhookSignature (Stripe’s scheme)', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 in hex', () => {
    const expected = createHmac('sha256', SECRET).update(`1700000000.${BODY}`).digest('hex');
    expect(signWebhookPayload(SECRET, BODY, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
    expect(() => signWebhookPayload(SECRET, BODY, 1.5)).toThrow(RangeError);
  });

  it('accepts its own signature and refuses a changed body, another secret, or a stale or future time', () => {
    const t = now();
    const header = signWebhookPayload(SECRET, BODY, t);
    expect(verifyWebhookSignature(SECRET, header, BODY)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, Buffer.from(BODY))).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, BODY.replace('Ann', 'Bob'))).toBe(false);
    expect(verifyWebhookSignature('whsec_other', header, BODY)).toBe(false);
    expect(verifyWebhookSignature(SECRET, signWebhookPayload(SECRET, BODY, t - 301), BODY, { now: t })).toBe(
      false,
    );
    expect(verifyWebhookSignature(SECRET, signWebhookPayload(SECRET, BODY, t + 301), BODY, { now: t })).toBe(
      false,
    );
    expect(verifyWebhookSignature(SECRET, signWebhookPayload(SECRET, BODY, t - 299), BODY, { now: t })).toBe(
      true,
    );
    expect(verifyWebhookSignature(SECRET, header, BODY, { now: t + 61, toleranceSeconds: 60 })).toBe(false);
  });

  it('refuses a header whose timestamp was changed, and malformed headers, without throwing', () => {
    const t = now();
    const signature = signWebhookPayload(SECRET, BODY, t).split(',v1=')[1];
    expect(verifyWebhookSignature(SECRET, `t=${t - 1},v1=${signature}`, BODY)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=0${t},v1=${signature}`, BODY)).toBe(false);
    expect(verifyWebhookSignature(SECRET, `t=${t},t=${t},v1=${signature}`, BODY)).toBe(false);
    for (const bad of [undefined, '', 'nonsense', `t=${t}`, `v1=${signature}`, `t=${t},v1=abc`]) {
      expect(verifyWebhookSignature(SECRET, bad, BODY), String(bad)).toBe(false);
    }
  });

  it('accepts a header with several v1 values when one matches (as during a secret change)', () => {
    const header = signWebhookPayload(SECRET, BODY, now());
    const [t, v1] = header.split(',');
    expect(verifyWebhookSignature(SECRET, `${t},v1=${'0'.repeat(64)},${v1}`, BODY)).toBe(true);
  });
});

describe('createWebhookSender().post', () => {
  const devSender = (timeoutMs?: number) =>
    createWebhookSender({ requirePublicHttps: false, timeoutMs, userAgent: 'ClinicPay-Test' });

  it('delivers the JSON body with a signature the receiver can verify', async () => {
    const receiver = await startReceiver((response) => response.writeHead(204).end());
    const url = `http://127.0.0.1:${receiver.port}/hooks/patient?source=clinicpay`;
    expect(await devSender().post(url, BODY, SECRET)).toEqual({ status: 204 });
    const [delivery] = receiver.received;
    expect(delivery).toMatchObject({ method: 'POST', url: '/hooks/patient?source=clinicpay', body: BODY });
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'ClinicPay-Test',
      host: `127.0.0.1:${receiver.port}`,
    });
    const signature = String(delivery?.headers['clinicpay-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, signature, String(delivery?.body))).toBe(true);
    expect(verifyWebhookSignature('whsec_wrong', signature, String(delivery?.body))).toBe(false);
  });

  it('connects only to the address the check approved, keeping the hostname as Host', async () => {
    const receiver = await startReceiver((response) => response.writeHead(200).end('ok'));
    // receiver.invalid resolves nowhere in real DNS: the request can only reach the checked address.
    const sender = createWebhookSender({
      requirePublicHttps: false,
      resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const url = `http://receiver.invalid:${receiver.port}/hook`;
    expect(await sender.post(url, BODY, SECRET)).toEqual({ status: 200 });
    expect(receiver.received[0]?.headers.host).toBe(`receiver.invalid:${receiver.port}`);
  });

  it('over https names the hostname in TLS (SNI), so the certificate is checked against it', async () => {
    // A bare TCP server: it records the TLS ClientHello, then hangs up, so the handshake fails.
    const hellos: Buffer[] = [];
    const tcp = createTcpServer((socket) =>
      socket.once('data', (chunk: Buffer) => {
        hellos.push(chunk);
        socket.destroy();
      }),
    );
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const { port } = tcp.address() as AddressInfo;
    const sender = createWebhookSender({
      requirePublicHttps: false,
      resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await expect(sender.post(`https://receiver.invalid:${port}/hook`, BODY, SECRET)).rejects.toThrow(
      /^Webhook request failed: /,
    );
    await new Promise((resolve) => tcp.close(resolve));
    expect(hellos).toHaveLength(1);
    expect(hellos[0]?.includes('receiver.invalid')).toBe(true);
  });

  it('throws on an error answer and does not follow a redirect', async () => {
    const failing = await startReceiver((response) => response.writeHead(500).end('boom'));
    await expect(devSender().post(`http://127.0.0.1:${failing.port}/`, BODY, SECRET)).rejects.toThrow(
      'Webhook answered HTTP 500',
    );
    const redirecting = await startReceiver((response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${failing.port}/` }).end(),
    );
    await expect(devSender().post(`http://127.0.0.1:${redirecting.port}/`, BODY, SECRET)).rejects.toThrow(
      'Webhook answered HTTP 302 (redirects are not followed)',
    );
    expect(failing.received).toHaveLength(1);
  });

  it('throws after the timeout when the receiver never answers', async () => {
    const silent = await startReceiver(() => {});
    const started = Date.now();
    await expect(devSender(200).post(`http://127.0.0.1:${silent.port}/`, BODY, SECRET)).rejects.toThrow(
      'Webhook timed out after 200 ms',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(silent.received).toHaveLength(1);
  });

  it('throws when nothing listens', async () => {
    const receiver = await startReceiver((response) => response.end());
    const { port } = receiver;
    for (const server of receivers.splice(0)) await new Promise((resolve) => server.close(resolve));
    await expect(devSender().post(`http://127.0.0.1:${port}/`, BODY, SECRET)).rejects.toThrow(
      /^Webhook request failed: .*ECONNREFUSED/,
    );
  });

  it('in production refuses http and non-public hosts before connecting to anything', async () => {
    const receiver = await startReceiver((response) => response.end());
    const port = receiver.port;
    const sender = createWebhookSender({ requirePublicHttps: true, timeoutMs: 1000 });
    const refused = [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `https://localhost:${port}/`,
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      'https://user:pw@example.com/',
    ];
    for (const url of refused) {
      await expect(sender.post(url, BODY, SECRET), url).rejects.toBeInstanceOf(WebhookUrlRefused);
    }
    expect(receiver.connections()).toBe(0);
  });
});

describe('checkWebhookUrl', () => {
  const production = { requirePublicHttps: true };
  const refusal = (url: string, options: Parameters<typeof checkWebhookUrl>[1] = production) =>
    checkWebhookUrl(url, options).then(
      () => null,
      (error: unknown) => (error instanceof WebhookUrlRefused ? error.code : error),
    );

  it('in production accepts a public https address, literal or resolved', async () => {
    expect(await checkWebhookUrl('https://93.184.216.34/hook', production)).toMatchObject({
      hostname: '93.184.216.34',
      address: '93.184.216.34',
      family: 4,
    });
    expect(await checkWebhookUrl('https://[2606:4700::1]/hook', production)).toMatchObject({
      hostname: '2606:4700::1',
      family: 6,
    });
    // NAT64 (64:ff9b::/96) carries a public IPv4 address inside.
    expect(await refusal('https://[64:ff9b::5db8:d822]/')).toBeNull();
    const resolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1', family: 6 },
    ];
    const target = await checkWebhookUrl('https://hooks.example.com:8443/x?y=1', {
      ...production,
      resolveHost,
    });
    expect(target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.216.34', family: 4 });
    expect(target.url.href).toBe('https://hooks.example.com:8443/x?y=1');
  });

  it('in production refuses every private, local or reserved address, IPv4 or IPv6', async () => {
    const hosts = [
      '127.0.0.1',
      '2130706433', // 127.0.0.1 written as a number, which URL normalises
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      '240.0.0.1',
      '[::]',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[ff02::1]',
      '[2001:db8::1]',
      '[2002:7f00:1::1]',
    ];
    for (const host of hosts) expect(await refusal(`https://${host}/`), host).toBe('not-public');
    expect(await refusal('https://localhost/')).toBe('not-public');
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    const resolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refusal('https://mixed.example/', { ...production, resolveHost })).toBe('not-public');
  });

  it('refuses http in production, credentials always, and what is not a web URL', async () => {
    expect(await refusal('http://93.184.216.34/')).toBe('not-https');
    expect(await refusal('https://user:pw@example.com/')).toBe('credentials');
    expect(await refusal('http://user@127.0.0.1/', { requirePublicHttps: false })).toBe('credentials');
    expect(await refusal('ftp://93.184.216.34/')).toBe('invalid');
    expect(await refusal('not a url')).toBe('invalid');
  });

  it('outside production allows http and local addresses', async () => {
    expect(
      await checkWebhookUrl('http://localhost:9000/clinic', { requirePublicHttps: false }),
    ).toMatchObject({
      hostname: 'localhost',
    });
    expect(await refusal('http://10.0.0.1/', { requirePublicHttps: false })).toBeNull();
  });

  it('says so when the host cannot be resolved', async () => {
    const resolveHost = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const error = await refusal('https://nowhere.example/', { ...production, resolveHost });
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(WebhookUrlRefused);
    expect((error as Error).message).toBe('Could not resolve webhook host nowhere.example (ENOTFOUND)');
  });
});
