-- Ledger transfers are immutable (DESIGN 14, docs/ledger.md): the only UPDATE allowed moves a
-- pending transfer to posted (with posted_at) or voided (with voided_at); no DELETE at all.
CREATE FUNCTION ledger_transfers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger transfers cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status <> 'pending' OR NEW.status NOT IN ('posted', 'voided')
     OR NEW.id <> OLD.id OR NEW.from_account_id <> OLD.from_account_id
     OR NEW.to_account_id <> OLD.to_account_id OR NEW.amount <> OLD.amount OR NEW.unit <> OLD.unit
     OR NEW.kind <> OLD.kind OR NEW.idempotency_key <> OLD.idempotency_key
     OR NEW.reference IS DISTINCT FROM OLD.reference OR NEW.created_at <> OLD.created_at
     OR (NEW.status = 'posted' AND (NEW.posted_at IS NULL OR NEW.voided_at IS NOT NULL))
     OR (NEW.status = 'voided' AND (NEW.voided_at IS NULL OR NEW.posted_at IS NOT NULL)) THEN
    RAISE EXCEPTION 'ledger transfers are immutable except pending -> posted | voided' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_guard();
