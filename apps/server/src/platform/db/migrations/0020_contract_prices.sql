-- Issue 11: a work report on a contract takes the contract's prices when the contract enables them
-- (abilitaPrezziContratto). The contract's unit prices are one JSON object (hours, travel hours, km,
-- daily allowance, lunch, dinner, overnight, call-out fee, lump sum), each optional.
ALTER TABLE "contratti"
  ADD COLUMN "abilita_prezzi_contratto" boolean DEFAULT false NOT NULL,
  ADD COLUMN "prezzi" jsonb;
