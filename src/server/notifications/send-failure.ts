/** Why an alert email did not go, and whether trying it again can help. */
export interface SendFailure {
  /** The mail server refused this message or its recipient with a 5xx reply: it would say the same again. */
  permanent: boolean;
  /** The server's reply, or what went wrong with the connection; kept with the digest. */
  reason: string;
}

/** The envelope or the message itself was answered; other errors are about reaching the server or signing in. */
const REFUSALS = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * Reads nodemailer's error. A 5xx reply to the sender, the recipient or the message is permanent (RFC 5321;
 * nodemailer sets `permanent`, leaving out 503, a command out of sequence). A 4xx reply, a connection that
 * fails or times out, and a refused sign-in (the server's own configuration, which an operator can fix) are
 * worth another attempt.
 */
export function describeSendFailure(error: unknown): SendFailure {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const permanent = fields.permanent === true && typeof fields.code === 'string' && REFUSALS.has(fields.code);
  const reply = typeof fields.response === 'string' ? fields.response : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return { permanent, reason: (reply ?? message).slice(0, 500) };
}
