-- Device secrets were stored in clear: rewrite each into the salted hash the platform checks
-- (apps/server/src/modules/devices/secret-hash.ts): 'sha256$' || <salt hex> || '$' || hex(sha256(salt || secret)).
-- Plain SQL on purpose: sha256(bytea) is built into PostgreSQL 11+ and PGlite (pgcrypto is not in PGlite).
-- The salt is 16 random bytes as 32 hex digits (md5 of fresh randomness), one per value. Idempotent: values
-- already hashed are skipped, and so are empty ones (they open nothing and stay refused).
UPDATE "devices" AS d
SET "mqtt_password" = 'sha256$' || s.salt || '$' || encode(sha256(decode(s.salt, 'hex') || convert_to(d."mqtt_password", 'UTF8')), 'hex')
FROM (
  SELECT "id", md5(random()::text || clock_timestamp()::text || "id"::text || 'mqtt_password') AS salt FROM "devices"
) AS s
WHERE s."id" = d."id" AND d."mqtt_password" <> '' AND d."mqtt_password" NOT LIKE 'sha256$%';
--> statement-breakpoint
UPDATE "devices" AS d
SET "dtu_key" = 'sha256$' || s.salt || '$' || encode(sha256(decode(s.salt, 'hex') || convert_to(d."dtu_key", 'UTF8')), 'hex')
FROM (
  SELECT "id", md5(random()::text || clock_timestamp()::text || "id"::text || 'dtu_key') AS salt FROM "devices"
) AS s
WHERE s."id" = d."id" AND d."dtu_key" <> '' AND d."dtu_key" NOT LIKE 'sha256$%';
--> statement-breakpoint
UPDATE "devices" AS d
SET "http_key" = 'sha256$' || s.salt || '$' || encode(sha256(decode(s.salt, 'hex') || convert_to(d."http_key", 'UTF8')), 'hex')
FROM (
  SELECT "id", md5(random()::text || clock_timestamp()::text || "id"::text || 'http_key') AS salt FROM "devices"
) AS s
WHERE s."id" = d."id" AND d."http_key" <> '' AND d."http_key" NOT LIKE 'sha256$%';
