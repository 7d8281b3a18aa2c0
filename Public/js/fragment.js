// The URL fragment holds the session and the view: #session=ID&map=Z/LAT/LON, so a reload or
// a shared link returns to the same style at the same place.

export function readFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  const parts = (p.get("map") || "").split("/").map(Number);
  const map = parts.length === 3 && parts.every(Number.isFinite) ? { z: parts[0], lat: parts[1], lon: parts[2] } : null;
  return { session: p.get("session") || null, map };
}

/** Replaces the fragment (no history entry unless `push`). */
export function writeFragment({ session, map }, push = false) {
  const p = new URLSearchParams();
  if (session) p.set("session", session);
  if (map) p.set("map", `${map.z}/${map.lat.toFixed(5)}/${map.lon.toFixed(5)}`);
  const hash = "#" + p.toString().replace(/%2F/g, "/");
  if (hash === location.hash) return;
  if (push) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}
