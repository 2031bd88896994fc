import { useCallback, useEffect, useState } from "react";

export interface Position {
  latitude: string;
  longitude: string;
}

/** Asks for the position for a few seconds; a refusal or a timeout answers null. */
export function currentPosition(): Promise<Position | null> {
  if (!("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude.toFixed(6),
          longitude: position.coords.longitude.toFixed(6),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 8_000, maximumAge: 60_000 },
    );
  });
}

/**
 * The card's emergency number: the server's guess (the reader's language
 * region, else the owner's country) until the scanner shares a position, then
 * the number of the country the phone is in. A position is used when the
 * scanner already allowed it for this site, when an alert takes one, or when
 * the scanner asks for it.
 */
export function useLocalEmergencyNumber(initial: string) {
  const [number, setNumber] = useState(initial);
  const fromPosition = useCallback(async (position: Position | null) => {
    if (!position) return;
    try {
      const { emergencyNumberAt } = await import("#app/lib/emergency-number-at.ts");
      const local = emergencyNumberAt(Number(position.latitude), Number(position.longitude));
      if (local) setNumber(local);
    } catch {
      // The borders could not load (offline before they were ever fetched): keep the guess.
    }
  }, []);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const permission = await navigator.permissions
        ?.query({ name: "geolocation" as PermissionName })
        .catch(() => null);
      if (permission?.state !== "granted" || stopped) return;
      const position = await currentPosition();
      if (!stopped) await fromPosition(position);
    })();
    return () => {
      stopped = true;
    };
  }, [fromPosition]);

  const locate = useCallback(async () => fromPosition(await currentPosition()), [fromPosition]);
  return { number, fromPosition, locate };
}
