-- Create "recorded_requests" table
CREATE TABLE `recorded_requests` (`id` uuid NOT NULL, `request_id` text NOT NULL, `created_at` datetime NOT NULL, `case_ref` uuid NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `recorded_requests_court_cases_recorded_requests` FOREIGN KEY (`case_ref`) REFERENCES `court_cases` (`id`) ON DELETE CASCADE);
-- Create index "recordedrequest_case_ref_request_id" to table: "recorded_requests"
CREATE UNIQUE INDEX `recordedrequest_case_ref_request_id` ON `recorded_requests` (`case_ref`, `request_id`);
