CREATE TABLE `audio_listens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`meditation_id` text NOT NULL,
	`day` text NOT NULL,
	`is_today` integer NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`awarded_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audio_listens_user_audio_day_uq` ON `audio_listens` (`user_id`,`meditation_id`,`day`);--> statement-breakpoint
CREATE INDEX `audio_listens_user_day_idx` ON `audio_listens` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `practice_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`planned_seconds` integer NOT NULL,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	`completion_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_sessions_user_started_idx` ON `practice_sessions` (`user_id`,`started_at`);