-- Create "job_runs" table
CREATE TABLE `job_runs` (`id` integer NOT NULL PRIMARY KEY AUTOINCREMENT, `name` text NOT NULL, `slot` integer NOT NULL);
-- Create index "job_runs_name_key" to table: "job_runs"
CREATE UNIQUE INDEX `job_runs_name_key` ON `job_runs` (`name`);
