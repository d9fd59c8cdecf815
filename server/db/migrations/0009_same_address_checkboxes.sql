-- Issue 14: "same as the permanent address" became a confirmation checkbox (spec §4: a checkbox
-- toggles true/false) instead of a Yes/No radio. Stored answers follow, so an application passes
-- the coded-option check at submit: Y -> true, N -> false, as a new answer revision (so anything
-- derived from the answers is made again); the radios' "_desc" labels go, a checkbox has none.
-- Edit times stay: it is the same answer.
WITH "changed" AS (
  UPDATE "applications" AS "a"
  SET "answer_revision" = "a"."answer_revision" + 1
  WHERE EXISTS (
    SELECT 1 FROM "answers" AS "s"
    WHERE "s"."user_id" = "a"."user_id"
      AND "s"."key" IN ('mailing_addr_same_as_perm_addr', 'parent_addr_same_as_stu_perm', 'parent_2_addr_same_as_stu_perm')
      AND "s"."value" IN ('Y', 'N')
  )
  RETURNING "a"."user_id", "a"."answer_revision"
)
UPDATE "answers" AS "s"
SET "value" = CASE "s"."value" WHEN 'Y' THEN 'true' ELSE 'false' END,
    "revision" = "changed"."answer_revision"
FROM "changed"
WHERE "s"."user_id" = "changed"."user_id"
  AND "s"."key" IN ('mailing_addr_same_as_perm_addr', 'parent_addr_same_as_stu_perm', 'parent_2_addr_same_as_stu_perm')
  AND "s"."value" IN ('Y', 'N');
--> statement-breakpoint
DELETE FROM "answers"
WHERE "key" IN ('mailing_addr_same_as_perm_addr_desc', 'parent_addr_same_as_stu_perm_desc', 'parent_2_addr_same_as_stu_perm_desc');
