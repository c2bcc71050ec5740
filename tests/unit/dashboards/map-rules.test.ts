import { describe, expect, it } from 'vitest';
import {
  HIGH_ENGAGEMENT_THRESHOLD,
  MARKER_MAX_SCALE,
  markerGlow,
  markerRadius,
  referenceValue,
} from '../../../src/components/WorldMap/marker-rules';

describe('map marker size', () => {
  it('is the base for the reference value and grows with the value', () => {
    expect(markerRadius(100, 100, 6)).toBe(6);
    expect(markerRadius(400, 100, 6)).toBe(12);
  });

  it('never exceeds 2.5× its base', () => {
    expect(MARKER_MAX_SCALE).toBe(2.5);
    expect(markerRadius(1_000_000, 1, 6)).toBe(15);
    expect(markerRadius(625, 100, 4)).toBe(10);
  });

  it('never shrinks below the base, and falls back to the base for odd input', () => {
    expect(markerRadius(10, 100, 6)).toBe(6);
    expect(markerRadius(0, 100, 6)).toBe(6);
    expect(markerRadius(50, 0, 6)).toBe(6);
  });

  it('uses the smallest positive value as the reference', () => {
    expect(referenceValue([300, 0, 120, 900])).toBe(120);
    expect(referenceValue([])).toBe(0);
  });
});

describe('map glow', () => {
  it('switches colour strictly above 15% engagement', () => {
    expect(HIGH_ENGAGEMENT_THRESHOLD).toBe(15);
    expect(markerGlow(15)).toBe('normal');
    expect(markerGlow(15.1)).toBe('high');
    expect(markerGlow(3)).toBe('normal');
  });
});
