/**
 * The assistant backend's chat tokens: `base64url(JSON {exp, iat, assistantId, nonce}) + "." +
 * base64url(HMAC-SHA256)`. The client reads `exp` (seconds) to reuse a token until shortly
 * before it expires, so the payload is plain JSON; the signature makes a token the client edits
 * (or one from another server run) invalid.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a token lives, as on the hosted backend (about 5 minutes). */
export const TOKEN_TTL_SECONDS = 300;

export interface TokenPayload {
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Issue time, seconds since the epoch. */
  iat: number;
  assistantId: string;
  nonce: string;
}

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: string };

export class ChatTokens {
  // A fresh secret per server: tokens never outlive the server that issued them.
  readonly #secret = randomBytes(32);

  constructor(
    private readonly now: () => number,
    private readonly ttlSeconds = TOKEN_TTL_SECONDS,
  ) {}

  issue(assistantId: string): string {
    const iat = Math.floor(this.now() / 1000);
    const payload: TokenPayload = { exp: iat + this.ttlSeconds, iat, assistantId, nonce: randomBytes(8).toString('base64url') };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${this.#sign(encoded)}`;
  }

  check(token: string, assistantId: string): TokenCheck {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return { ok: false, reason: 'the token is malformed' };
    const expected = Buffer.from(this.#sign(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'the token signature is invalid' };
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      return { ok: false, reason: 'the token is malformed' };
    }
    if (payload.exp * 1000 <= this.now()) return { ok: false, reason: 'the token has expired; request a new one from /chat/token' };
    if (payload.assistantId !== assistantId) return { ok: false, reason: `the token was issued for assistant "${payload.assistantId}", not "${assistantId}"` };
    return { ok: true, payload };
  }

  #sign(encoded: string): string {
    return createHmac('sha256', this.#secret).update(encoded).digest('base64url');
  }
}

/** The token of an `authorization: TOKEN <token>` header, or undefined. */
export function tokenFromAuthorization(value: string | undefined): string | undefined {
  const match = /^TOKEN\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}
