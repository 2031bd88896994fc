-- Decision 156: the dispatcher is woken by the commit of new deliveries. A NOTIFY issued inside a
-- transaction is delivered when it commits (and never if it rolls back); PostgreSQL folds the
-- repeats of one transaction into one. One statement-level trigger covers every writer of the
-- outbox (alerts, all-clears, notices, mass notices), whatever code path wrote the rows.
CREATE FUNCTION "safetap_outbox_wakeup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "inserted" WHERE "status" = 'pending') THEN
    PERFORM pg_notify('safetap_outbox', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "alert_deliveries_wakeup" AFTER INSERT ON "alert_deliveries"
  REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "safetap_outbox_wakeup"();
