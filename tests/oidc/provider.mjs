// A real OpenID Provider for halfstar's sign-on tests: panva's
// oidc-provider (certified), on Node 22, on 127.0.0.1. It prints
// "listening on http://127.0.0.1:PORT" once it takes connections, and stops
// when its standard input closes or at SIGTERM.
//
//   provider.mjs --client-id ID --client-secret SECRET --redirect-uri URI
//                --users FILE [--port N] [--trailing-slash]
//                [--tamper-id-token none|audience]
//
// --users names a JSON list of {sub, username, password, email,
// email_verified, groups?}; a user without "groups" gets no groups claim.
// Claims come only from userinfo (oidc-provider's strict default): the
// relying party must ask for it. The login and consent pages are plain HTML
// forms (Username, Password, "Sign in"; "Continue"). --trailing-slash makes
// the issuer end in "/". --tamper-id-token swaps the token endpoint's ID
// token for an unsigned one (none) or one re-signed for another client
// (audience). POST /test/rotate-keys makes it sign with a new key id from
// then on.
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

function options(argv) {
  const given = { port: '0', trailingSlash: false, tamperIdToken: '' };
  for (let i = 2; i < argv.length; i += 1) {
    const name = argv[i].replace(/^--/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase());
    if (name === 'trailingSlash') given.trailingSlash = true;
    else given[name] = argv[(i += 1)];
  }
  for (const required of ['clientId', 'clientSecret', 'redirectUri', 'users']) {
    if (!given[required]) throw new Error(`--${required.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} is required`);
  }
  return given;
}

const given = options(process.argv);
// Read at each use, so that a test can change a user between sign-ins.
const users = () => JSON.parse(readFileSync(given.users, 'utf8'));

function newKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig', privateKey };
}

let key = newKey();
let provider;
let handle;
const server = createServer();

function makeProvider(issuer) {
  const { privateKey: _, ...jwk } = key;
  const made = new Provider(issuer, {
    clients: [
      {
        client_id: given.clientId,
        client_secret: given.clientSecret,
        redirect_uris: [given.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
      groups: ['groups'],
    },
    async findAccount(_ctx, sub) {
      const user = users().find((candidate) => candidate.sub === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        async claims() {
          const claims = {
            sub,
            email: user.email,
            email_verified: user.email_verified ?? false,
            preferred_username: user.username,
            name: user.name ?? user.username,
          };
          if (user.groups) claims.groups = user.groups;
          return claims;
        },
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['halfstar-tests-only'] },
    jwks: { keys: [jwk] },
    ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  made.on('server_error', (_ctx, error) => console.error('provider error:', error));
  return made;
}

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

function send(res, status, html) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

async function formBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function loginForm(uid, error = '') {
  return page(
    'Sign in to the test provider',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}` +
      `<form method="post" action="/interaction/${uid}/login">` +
      `<label>Username <input name="login" autocomplete="username"></label> ` +
      `<label>Password <input name="password" type="password" autocomplete="current-password"></label> ` +
      `<button type="submit">Sign in</button></form>`,
  );
}

async function interaction(req, res, uid, step) {
  const details = await provider.interactionDetails(req, res);
  if (step === '' && details.prompt.name === 'login') return send(res, 200, loginForm(uid));
  if (step === '') {
    return send(
      res,
      200,
      page(
        'Let halfstar know who you are?',
        `<p>halfstar asks for: ${escape(details.params.scope)}</p>` +
          `<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Continue</button></form>`,
      ),
    );
  }
  if (step === 'login') {
    const form = await formBody(req);
    const user = users().find((candidate) => candidate.username === form.get('login') && candidate.password === form.get('password'));
    if (!user) return send(res, 200, loginForm(uid, 'Wrong username or password.'));
    return provider.interactionFinished(req, res, { login: { accountId: user.sub } }, { mergeWithLastSubmission: false });
  }
  const {
    prompt: { details: missing },
    params,
    session,
    grantId,
  } = details;
  const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

const base64url = (data) => Buffer.from(data).toString('base64url');

/** The ID token made unsigned, or re-signed with our key for another client. */
function tampered(idToken) {
  const [, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (given.tamperIdToken === 'none') return `${base64url(JSON.stringify({ alg: 'none' }))}.${payload}.`;
  claims.aud = 'someone-else';
  const head = `${base64url(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${head}.${sign('sha256', Buffer.from(head), key.privateKey).toString('base64url')}`;
}

/** Rewrites the token endpoint's answer as --tamper-id-token says. */
function tamperTokenAnswer(res) {
  const end = res.end.bind(res);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase() === 'content-length' ? res : setHeader(name, value));
  res.end = (body, ...rest) => {
    try {
      const answer = JSON.parse(body.toString());
      if (answer.id_token) answer.id_token = tampered(answer.id_token);
      return end(JSON.stringify(answer), ...rest);
    } catch {
      return end(body, ...rest);
    }
  };
}

server.on('request', async (req, res) => {
  try {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/favicon.ico') return send(res, 204, '');
    if (req.method === 'POST' && path === '/test/rotate-keys') {
      key = newKey();
      provider = makeProvider(provider.issuer);
      handle = provider.callback();
      return send(res, 200, key.kid);
    }
    const step = /^\/interaction\/([\w-]+)(?:\/(login|confirm))?$/.exec(path);
    if (step) return await interaction(req, res, step[1], step[2] ?? '');
    if (given.tamperIdToken && req.method === 'POST' && path === '/token') tamperTokenAnswer(res);
    return handle(req, res);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) send(res, 500, page('Error', escape(error.message)));
  }
});

server.listen(Number(given.port), '127.0.0.1', () => {
  const { port } = server.address();
  const root = `http://127.0.0.1:${port}`;
  provider = makeProvider(given.trailingSlash ? `${root}/` : root);
  handle = provider.callback();
  console.log(`listening on ${root}`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
