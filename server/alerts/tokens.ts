import { deriveKey, hmacHex, safeEqualHex } from "#server/crypto.ts";

/**
 * Stateless capability tokens, HMACs of an id under purpose keys derived from
 * DATA_ENCRYPTION_KEY: nothing to store, and a repeated alert request gets the
 * same token back.
 * - viewer: lets the browser that raised an alert follow its status and share its position
 *   (decision 150).
 * - follower: lets another phone whose press the tag's limit refused follow that alert's status,
 *   and nothing more (decision 111): it never shares a position for it.
 * - ack: lets one contact acknowledge ("I'm on my way") from the message link.
 */
export function alertTokens(masterKey: Buffer) {
  const viewerKey = deriveKey(masterKey, "alert-viewer");
  const ackKey = deriveKey(masterKey, "alert-ack");
  const followerKey = deriveKey(masterKey, "alert-follower");
  const make = (key: Buffer, id: string) => hmacHex(key, id).slice(0, 32);
  const check = (key: Buffer, id: string, token: string) =>
    /^[0-9a-f]{32}$/.test(token) && safeEqualHex(make(key, id), token);
  return {
    viewerToken: (alertId: string) => make(viewerKey, alertId),
    checkViewerToken: (alertId: string, token: string) => check(viewerKey, alertId, token),
    followerToken: (alertId: string) => make(followerKey, alertId),
    /** A status reader: the viewer's token or a follower's. */
    checkStatusToken: (alertId: string, token: string) =>
      check(viewerKey, alertId, token) || check(followerKey, alertId, token),
    /** `<delivery id>.<mac>`, as it appears in /ack/… links. */
    ackToken: (deliveryId: string) => `${deliveryId}.${make(ackKey, deliveryId)}`,
    parseAckToken(token: string): string | null {
      const [id, mac] = token.split(".");
      if (!id || !mac || !/^[0-9a-f-]{36}$/.test(id)) return null;
      return check(ackKey, id, mac) ? id : null;
    },
  };
}
