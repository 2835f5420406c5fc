CREATE TABLE `step_evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`activity_key` text NOT NULL,
	`source` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` integer NOT NULL,
	`completion_id` text,
	`claimed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `step_evidence_source_ref_uq` ON `step_evidence` (`source`,`ref`);--> statement-breakpoint
CREATE UNIQUE INDEX `step_evidence_completion_uq` ON `step_evidence` (`completion_id`) WHERE completion_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `step_evidence_user_activity_idx` ON `step_evidence` (`user_id`,`activity_key`,`created_at`);--> statement-breakpoint
ALTER TABLE `activity_completions` ADD `timezone` text;--> statement-breakpoint
ALTER TABLE `audio_listens` ADD `served_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `audio_listens` ADD `file_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `audio_listens` ADD `abandoned_at` integer;--> statement-breakpoint
-- Listens and practices running before this migration carry no byte count: they end here.
UPDATE `audio_listens` SET `abandoned_at` = CAST(unixepoch('subsec') * 1000 AS integer) WHERE `completed_at` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `audio_listens_one_running_uq` ON `audio_listens` (`user_id`) WHERE completed_at IS NULL AND abandoned_at IS NULL;--> statement-breakpoint
ALTER TABLE `practice_sessions` ADD `abandoned_at` integer;--> statement-breakpoint
UPDATE `practice_sessions` SET `abandoned_at` = CAST(unixepoch('subsec') * 1000 AS integer) WHERE `completed_at` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `practice_sessions_one_running_uq` ON `practice_sessions` (`user_id`) WHERE completed_at IS NULL AND abandoned_at IS NULL;