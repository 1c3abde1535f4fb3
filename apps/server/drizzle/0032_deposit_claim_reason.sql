-- Deposits (issue 32): a claim of another amount than the priced difference (part of it, or unpriced
-- objects) says why; the reason goes to Swikly with the claim and shows with the deposit.
ALTER TABLE deposits ADD COLUMN claim_reason text;
