import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { divIcon, type LatLngBoundsExpression } from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { Appointment, TechnicianPosition } from '@fs/contract';
import { Basemap } from './Basemap';
import { PlacePopup, PositionPopup } from './Popups';
import { boundsOf, initials, ITALY_BOUNDS, technicianColor, type Place } from './logic';

export interface MapCanvasProps {
  places: Place[];
  positions: TechnicianPosition[];
  /** Colour index of each technician (by user id), from the appointments. */
  colours: Map<string, number>;
  timeZone: string;
  /** Raster tiles when configured; else the offline basemap. */
  tiles: { url: string; attribution: string } | null;
  height: string;
  /** Opens an appointment's form from its popup. */
  onOpen?: ((a: Appointment) => void) | undefined;
  /** A position's marker title (the planner's: "Ultima posizione di ..."); clocking names its entry or exit. */
  positionTitle?: (p: TechnicianPosition, index: number) => string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function appointmentIcon(place: Place) {
  const colour = technicianColor(place.items[0]?.tecnici[0]?.colore);
  const n = place.items.length;
  const size = n > 1 ? 24 : 18;
  return divIcon({
    className: 'planner-map-appointment',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    popupAnchor: [0, -size / 2],
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;` +
      `border-radius:50%;background:${colour};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35);` +
      `color:#fff;font:600 11px/1 system-ui,sans-serif;box-sizing:border-box">${n > 1 ? n : ''}</span>`,
  });
}

function positionIcon(p: TechnicianPosition, colour: string) {
  return divIcon({
    className: 'planner-map-technician',
    iconSize: [30, 30],
    iconAnchor: [15, 30],
    popupAnchor: [0, -28],
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:30px;height:30px;` +
      `border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${colour};border:2px solid #fff;` +
      `box-shadow:0 1px 3px rgba(0,0,0,.45);box-sizing:border-box"><span style="transform:rotate(45deg);` +
      `color:#fff;font:700 11px/1 system-ui,sans-serif">${escapeHtml(initials(p))}</span></span>`,
  });
}

/** Frames the markers (Italy when there are none) whenever what is shown changes; follows the box's size. */
function Framing({ bounds }: { bounds: LatLngBoundsExpression }) {
  const map = useMap();
  const key = JSON.stringify(bounds);
  useEffect(() => {
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 11 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the box itself changes
  }, [map, key]);
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** A place's popup on the map: opening an appointment closes it (the appointment's form takes over). */
function PlacePopupInMap({
  onOpen,
  ...props
}: Omit<Parameters<typeof PlacePopup>[0], 'onOpen'> & Pick<MapCanvasProps, 'onOpen'>) {
  const map = useMap();
  return (
    <PlacePopup
      {...props}
      onOpen={
        onOpen &&
        ((a) => {
          map.closePopup();
          onOpen(a);
        })
      }
    />
  );
}

/** The Leaflet map (loaded with its own chunk only when the map view opens). */
export function MapCanvas({
  places,
  positions,
  colours,
  timeZone,
  tiles,
  height,
  onOpen,
  positionTitle,
}: MapCanvasProps) {
  const { t } = useTranslation();
  const bounds = useMemo(
    () => boundsOf([...places, ...positions.map((p) => ({ lat: p.latitude, lng: p.longitude }))]) ?? ITALY_BOUNDS,
    [places, positions],
  );
  // Icons made once per data change: a new icon object would rebuild the marker's element.
  const placeIcons = useMemo(() => new Map(places.map((p) => [p.key, appointmentIcon(p)])), [places]);
  // By place in the list: a technician may have several (a day's clockings), even of the same time.
  const positionIcons = useMemo(
    () => positions.map((p) => positionIcon(p, technicianColor(colours.get(p.utenteId)))),
    [positions, colours],
  );
  return (
    <MapContainer
      bounds={ITALY_BOUNDS}
      // Its own stacking context: Leaflet's panes and controls (z-index 400 to 1000) stay under dialogs.
      style={{
        height,
        width: '100%',
        background: tiles ? '#e5e5e5' : '#d6e9f3',
        borderRadius: 8,
        isolation: 'isolate',
      }}
      minZoom={5}
      maxZoom={tiles ? 18 : 12}
      aria-label={t('plannerMap.mapLabel')}
    >
      {tiles ? <TileLayer url={tiles.url} attribution={tiles.attribution} /> : <Basemap />}
      <Framing bounds={bounds} />
      {places.map((place) => (
        <Marker
          key={place.key}
          position={[place.lat, place.lng]}
          icon={placeIcons.get(place.key)!}
          title={t('plannerMap.placeTitle', { cliente: place.items[0]!.cliente, count: place.items.length })}
        >
          <Popup maxWidth={320}>
            <PlacePopupInMap place={place} timeZone={timeZone} onOpen={onOpen} />
          </Popup>
        </Marker>
      ))}
      {positions.map((p, i) => (
        <Marker
          key={`${p.utenteId}|${p.recordedAt}|${i}`}
          position={[p.latitude, p.longitude]}
          icon={positionIcons[i]!}
          title={
            positionTitle?.(p, i) ??
            t('plannerMap.positionTitle', { nome: [p.name, p.surname].filter(Boolean).join(' ') || p.username })
          }
          zIndexOffset={1000}
        >
          <Popup>
            <PositionPopup position={p} timeZone={timeZone} />
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
