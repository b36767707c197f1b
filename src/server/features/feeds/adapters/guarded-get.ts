import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { FeedError } from './feed-adapter.ts';
import { hostOf, isInsideAddress } from './inside-addresses.ts';

const ALLOW_HINT =
  'Feeds fetch only from the internet; FEEDS_ALLOWED_HOSTS on the server can allow a partner’s host.';

export interface GuardedGet {
  /** Hosts the operator allows though they are inside the network (FEEDS_ALLOWED_HOSTS). */
  allowedHosts: ReadonlySet<string>;
  headers?: Record<string, string>;
  /** Sent to the first address's origin only: a redirect to another origin does not carry it. */
  authorization?: string;
  /** Redirects followed, each checked as the first address is. */
  maxRedirects: number;
  signal: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it arrives; the caller reads or destroys it. */
  body: http.IncomingMessage;
}

/**
 * Why this URL may not be asked, as far as it shows without looking its host up (credentials, an address
 * inside the network), or undefined. Also checked when a feed is added.
 */
export function literalHostProblem(url: URL, allowedHosts: ReadonlySet<string>): string | undefined {
  if (url.username || url.password) return 'The address has a user name or password in it.';
  const host = hostOf(url);
  if (allowedHosts.has(host)) return undefined;
  if (net.isIP(host) && isInsideAddress(host))
    return `${host} is an address inside the network. ${ALLOW_HINT}`;
  return undefined;
}

/**
 * The address to connect to for this URL: undefined to let the system resolve an allowed host as usual, or
 * the address checked here, which the connection then uses, so a second answer from DNS cannot lead inside.
 * `redirectedFrom` names the host whose redirect led here, for the refusal to say so.
 */
async function checkedAddress(
  url: URL,
  allowedHosts: ReadonlySet<string>,
  redirectedFrom: URL | undefined,
): Promise<string | undefined> {
  const refuse = (problem: string) =>
    new FeedError(
      redirectedFrom ? `${redirectedFrom.host} redirected elsewhere: ${problem}` : problem,
      false,
    );
  const problem = literalHostProblem(url, allowedHosts);
  if (problem) throw refuse(problem);
  const host = hostOf(url);
  if (allowedHosts.has(host)) return undefined;
  if (net.isIP(host)) return host;
  const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  // Every address must be outside: a round-robin name with one inside address would reach it some of the time.
  if (addresses.length === 0 || addresses.some(({ address }) => isInsideAddress(address)))
    throw refuse(`${host} resolves to an address inside the network. ${ALLOW_HINT}`);
  return addresses[0]!.address;
}

/** A resolver that answers with the address already checked, whichever way the socket asks. */
function pinnedLookup(address: string): net.LookupFunction {
  const family = net.isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function send(url: URL, address: string | undefined, headers: Record<string, string>, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'GET', headers, signal, ...(address ? { lookup: pinnedLookup(address) } : {}) },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GETs a URL that an admin or a source gave, never reaching inside the network (decision 038): the host is
 * resolved and refused when any of its addresses is private, loopback, link-local or otherwise not on the
 * internet, the connection goes to the address that was checked, and each redirect is checked the same way
 * before it is followed. A refusal is a FeedError that trying again cannot mend; no request is sent first.
 */
export async function guardedGet(address: string, options: GuardedGet): Promise<GuardedResponse> {
  const first = new URL(address);
  let url = first;
  let redirectedFrom: URL | undefined;
  for (let redirects = 0; ; redirects++) {
    const pinned = await checkedAddress(url, options.allowedHosts, redirectedFrom);
    const headers = { ...options.headers };
    if (options.authorization && url.origin === first.origin) headers.authorization = options.authorization;
    const response = await send(url, pinned, headers, options.signal);
    const location = response.headers.location;
    const status = response.statusCode ?? 0;
    if (status < 300 || status >= 400 || status === 304 || !location)
      return { status, headers: response.headers, body: response };
    response.destroy();
    if (redirects === options.maxRedirects)
      throw new FeedError(`${first.host} redirected more than ${options.maxRedirects} times.`, false);
    const next = URL.canParse(location, url) ? new URL(location, url) : undefined;
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:'))
      throw new FeedError(`${url.host} redirected to an address that is not http or https.`, false);
    redirectedFrom = url;
    url = next;
  }
}
