import { z } from 'zod';
import { isoDateTime } from './dates.js';

/** A position the technician's app reports (POST /utenti/geolocation, ours). */
export const positionRequest = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracyM: z.number().int().min(0).max(100_000).optional(),
    /** When the device took it (ISO); now when omitted. */
    recordedAt: isoDateTime.optional(),
  })
  .strict();
export type PositionRequest = z.infer<typeof positionRequest>;

/** GET /utenti/geolocation: last known position of each technician within the validity window. */
export const geolocationQuery = z
  .object({
    utenteId: z.uuid().optional(),
    /** Overrides the option's validity minutes (1 to 1440). */
    minutes: z.coerce.number().int().min(1).max(1440).optional(),
  })
  .strict();

export const technicianPositionSchema = z.object({
  utenteId: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  username: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyM: z.number().nullable(),
  recordedAt: z.string(),
});
export type TechnicianPosition = z.infer<typeof technicianPositionSchema>;

export const geolocationResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  validityMinutes: z.number(),
  items: z.array(technicianPositionSchema),
});
export type GeolocationResponse = z.infer<typeof geolocationResponse>;
