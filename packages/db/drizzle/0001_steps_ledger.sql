CREATE TABLE `activities` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`base_steps` integer NOT NULL,
	`multiplier` real DEFAULT 1 NOT NULL,
	`daily_limit` integer NOT NULL,
	`icon` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `activity_completions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`activity_key` text NOT NULL,
	`day` text NOT NULL,
	`completed_at` integer NOT NULL,
	`steps_earned` integer NOT NULL,
	`limit_reached` integer NOT NULL,
	`award_slot` integer,
	`duration_minutes` real,
	`metadata` text,
	`toast_shown_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_key`) REFERENCES `activities`(`key`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `activity_completions_user_day_idx` ON `activity_completions` (`user_id`,`day`,`activity_key`,`steps_earned`);--> statement-breakpoint
CREATE INDEX `activity_completions_user_time_idx` ON `activity_completions` (`user_id`,`completed_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `activity_completions_award_slot_uq` ON `activity_completions` (`user_id`,`activity_key`,`day`,`award_slot`) WHERE award_slot IS NOT NULL;--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `step_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`total_steps` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
