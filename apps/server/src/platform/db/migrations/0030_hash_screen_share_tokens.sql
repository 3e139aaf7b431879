ALTER TABLE "custom_screens" ADD COLUMN "shared_at" timestamp (3) with time zone;--> statement-breakpoint
-- External links of custom screens were stored in clear: keep only the hex SHA-256 of each token's UTF-8
-- bytes, in place (the column keeps its name; apps/server/src/modules/custom-screens/screen-share-token.ts
-- hashes the same way), so the links already handed out keep working. Plain SQL on purpose: sha256(bytea)
-- is built into PostgreSQL 11+ and PGlite (as in 0009). A token is 43 base64url characters, never 64 hex
-- digits, so values already hashed are skipped and a second run changes nothing. When those links were
-- made was not recorded: the screen's last change is the closest known time.
UPDATE "custom_screens"
SET "share_token" = encode(sha256(convert_to("share_token", 'UTF8')), 'hex'),
    "shared_at" = COALESCE("shared_at", "updated_at")
WHERE "share_token" IS NOT NULL AND "share_token" !~ '^[0-9a-f]{64}$';
