import { isIP } from "node:net";

/**
 * The client's address, as Express's `trust proxy` with a hop count finds it.
 * Each proxy appends the address it received the request from to
 * X-Forwarded-For, so only the right-most entries were written by proxies we
 * run; everything to their left was written by the client and may be forged.
 * With `hops` trusted proxies, the socket's peer is the last proxy and the
 * address it appended is the last entry: walk `hops` steps from the socket
 * towards the left and stop there (or at the left-most entry, if the chain is
 * shorter). With no trusted hop the socket's address is the client's.
 *
 * An entry that is not an IP address (the proxy appends only real ones, so only
 * a forged entry in a too-short chain can be one) is not believed: the address
 * nearest the socket that is one is used instead.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string {
  const chain = [normalise(socketAddress) ?? "unknown"];
  if (hops > 0 && forwardedFor) {
    const entries = forwardedFor.split(",").reverse();
    for (const entry of entries.slice(0, hops)) {
      const address = normalise(entry);
      if (!address) break;
      chain.push(address);
    }
  }
  return chain[Math.min(hops, chain.length - 1)]!;
}

/** An IP address as written by a proxy or a socket, without brackets or port; else undefined. */
function normalise(value: string | undefined): string | undefined {
  let address = value?.trim();
  if (!address) return undefined;
  // "[2001:db8::1]:443" and "192.0.2.1:443" (some proxies add the port).
  const bracketed = address.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (!isIP(address)) return undefined;
  // An IPv4 client of a dual-stack socket: the same person as its IPv4 address.
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? mapped[1]! : address.toLowerCase();
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1)$/;

/** This machine: a client at a loopback address. */
export function isLoopback(address: string): boolean {
  return LOOPBACK.test(address);
}
