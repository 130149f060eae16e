-- The company's account reference (decision 0031; @lp/domain account-reference.ts, which checks the same
-- way): "LP-" and 10 random Crockford base32 characters and a Luhn mod 32 check character, in groups
-- of 4, 4 and 3. The default of accounts.reference, so adding the column fills every company.
CREATE FUNCTION lp_account_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  bytes bytea := uuid_send(gen_random_uuid());
  codes int[] := '{}';
  chars text := '';
  factor int := 2;
  total int := 0;
  addend int;
BEGIN
  FOR i IN 0..9 LOOP
    codes := codes || (get_byte(bytes, i) % 32);
    chars := chars || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
  END LOOP;
  FOR i IN REVERSE 10..1 LOOP
    addend := factor * codes[i];
    total := total + addend / 32 + addend % 32;
    factor := CASE WHEN factor = 2 THEN 1 ELSE 2 END;
  END LOOP;
  chars := chars || substr(alphabet, ((32 - total % 32) % 32) + 1, 1);
  RETURN 'LP-' || substr(chars, 1, 4) || '-' || substr(chars, 5, 4) || '-' || substr(chars, 9, 3);
END
$$;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "reference" text DEFAULT lp_account_reference() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_reference_key" ON "accounts" USING btree ("reference");