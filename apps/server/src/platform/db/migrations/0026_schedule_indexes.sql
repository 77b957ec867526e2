-- Issue 14 (the planner at scale, bench/schedule.ts: 200,000 appointments of 50 technicians).
-- The calendar's range reads the technicians of its appointments along their copied start, in one index range
-- (not one lookup per appointment); the paged list (GET /schedule/appointments/admin: to-dos first, then by start,
-- newest first) reads its page along an index in that order, scanned backwards, instead of sorting the company.
CREATE INDEX "appuntamenti_tecnici_inizio_idx" ON "appuntamenti_tecnici" ("azienda_id", "inizio")
  INCLUDE ("appuntamento_id", "utente_id") WHERE "inizio" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "appuntamenti_lista_idx" ON "appuntamenti" ("azienda_id", "da_fare", "inizio", "created_at", "id" DESC);
