-- The ALTERs are drizzle-kit's (meta/0004_snapshot.json); the backfill below is hand-written.
-- Widen only: the list page reads these columns instead of json_extract on the large result,
-- which from now on is stored in R2 (docs/decisions/009). Existing rows keep their result inline.
ALTER TABLE `recommendations` ADD `top_car_name` text;
--> statement-breakpoint
ALTER TABLE `recommendations` ADD `top_car_score` real;
--> statement-breakpoint
ALTER TABLE `recommendations` ADD `car_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `recommendations` SET
  `top_car_name` = json_extract(`recommendation`, '$.cars[0].carName'),
  `top_car_score` = json_extract(`recommendation`, '$.cars[0].score.finalScore'),
  `car_count` = coalesce(json_array_length(`recommendation`, '$.cars'), 0)
WHERE `recommendation` IS NOT NULL AND `recommendation` <> 'null';
