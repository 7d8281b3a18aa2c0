// Web Mercator in world pixels: the world is 256·2^z px square at tile zoom z, x east from
// the antimeridian, y south from 85.05°N (the XYZ tile scheme).

export const TILE = 256;
export const MAX_LAT = 85.0511287798066;

export function worldSize(z) { return TILE * 2 ** z; }

/** [x, y] world pixels of a longitude/latitude at zoom z. */
export function project(lon, lat, z) {
  const size = worldSize(z);
  const sin = Math.sin(Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI / 180);
  const x = (lon + 180) / 360 * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

/** [lon, lat] of world pixel (x, y) at zoom z; longitudes wrap into [-180, 180). */
export function unproject(x, y, z) {
  const size = worldSize(z);
  let lon = x / size * 360 - 180;
  lon = ((lon + 180) % 360 + 360) % 360 - 180;
  const n = Math.PI - 2 * Math.PI * y / size;
  return [lon, 180 / Math.PI * Math.atan(Math.sinh(n))];
}

/** The tile column of x wrapped into [0, 2^z): the world repeats east–west. */
export function wrapX(x, z) {
  const n = 2 ** z;
  return ((x % n) + n) % n;
}
