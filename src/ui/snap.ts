/** Seconds of travel a release's velocity is carried over before the nearest snap point is chosen. */
export const SNAP_PROJECTION_SECONDS = 0.2;
/** A release at least this fast (px/s) is a flick: it never settles back against its own direction. */
export const FLICK_VELOCITY = 500;

/**
 * The index of the snap point a released drag settles on: the point nearest to where the motion would carry it
 * (position + velocity × SNAP_PROJECTION_SECONDS); a flick only picks from points at or beyond the position in its
 * direction, so a short fast swipe still moves on. Positions and velocities share one axis and unit (px, px/s).
 */
export function nearestSnap(points: readonly number[], position: number, velocity: number): number {
  if (points.length === 0) throw new RangeError('nearestSnap needs at least one snap point');
  const projected = position + velocity * SNAP_PROJECTION_SECONDS;
  const flick = Math.abs(velocity) >= FLICK_VELOCITY;
  const ahead = (point: number) => (velocity > 0 ? point >= position : point <= position);
  const pool = points.map((point, index) => ({ point, index }));
  const candidates =
    flick && pool.some(({ point }) => ahead(point)) ? pool.filter(({ point }) => ahead(point)) : pool;
  let best = candidates[0] as { point: number; index: number };
  for (const candidate of candidates) {
    if (Math.abs(candidate.point - projected) < Math.abs(best.point - projected)) best = candidate;
  }
  return best.index;
}
