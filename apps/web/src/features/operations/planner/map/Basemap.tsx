import { GeoJSON } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { useBasemap } from './api';

const PROVINCES = {
  className: 'planner-map-province',
  color: '#c4c9cf',
  weight: 0.7,
  fillColor: '#f8f6f0',
  fillOpacity: 1,
  interactive: false,
} as const;
const REGIONS = {
  className: 'planner-map-region',
  color: '#7d8590',
  weight: 1.3,
  fill: false,
  interactive: false,
} as const;

/**
 * The offline basemap: Italy's provinces (land, thin borders) under its regions (thicker borders),
 * as vector layers from the web's own static file; its licence goes to the attribution control.
 */
export function Basemap() {
  const { t } = useTranslation();
  const basemap = useBasemap(true);
  if (!basemap.data) return null;
  const attribution = t('plannerMap.basemapAttribution');
  return (
    <>
      <GeoJSON data={basemap.data.provinces} style={PROVINCES} attribution={attribution} />
      <GeoJSON data={basemap.data.regions} style={REGIONS} />
    </>
  );
}
