export { WorldMap, type MapMarker, type WorldMapProps } from './WorldMap';
export {
  HIGH_ENGAGEMENT_THRESHOLD,
  MARKER_MAX_SCALE,
  markerGlow,
  markerRadius,
  referenceValue,
  type MarkerGlow,
} from './marker-rules';
