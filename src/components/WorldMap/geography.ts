/**
 * Country outlines from world-atlas (Natural Earth 1:110m), imported statically so the map is part of
 * the dashboard chunk and renders offline. Projected once per module with d3-geo's Equal Earth.
 */
import { geoEqualEarth, geoPath, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 470;

export interface CountryShape {
  id: string;
  name: string;
  d: string;
}

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;

let cache: { projection: GeoProjection; shapes: CountryShape[] } | null = null;

function build() {
  const collection = feature(topology, topology.objects.countries);
  // Antarctica takes a fifth of the height and holds no fans or campaigns: leave it out.
  const features = collection.features.filter((country) => country.properties?.name !== 'Antarctica');
  const projection = geoEqualEarth().fitExtent(
    [
      [8, 8],
      [MAP_WIDTH - 8, MAP_HEIGHT - 8],
    ],
    { type: 'FeatureCollection', features },
  );
  const path = geoPath(projection);
  const shapes = features.map((country, index) => ({
    id: String(country.id ?? index),
    name: country.properties?.name ?? '',
    d: path(country) ?? '',
  }));
  return { projection, shapes };
}

export function getWorldGeography() {
  cache ??= build();
  return cache;
}

/** [x, y] in the map's viewBox for a longitude/latitude, or null when off the projection. */
export function projectPoint(lng: number, lat: number): [number, number] | null {
  const point = getWorldGeography().projection([lng, lat]);
  return point ? [point[0], point[1]] : null;
}
