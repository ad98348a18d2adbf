-- Create "case_marks" table
CREATE TABLE "case_marks" ("id" uuid NOT NULL, "case_ref" uuid NOT NULL, "user_id" uuid NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "case_marks_court_cases_marks" FOREIGN KEY ("case_ref") REFERENCES "court_cases" ("id") ON UPDATE NO ACTION ON DELETE CASCADE, CONSTRAINT "case_marks_users_case_marks" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON UPDATE NO ACTION ON DELETE CASCADE);
-- Create index "casemark_case_ref_user_id" to table: "case_marks"
CREATE UNIQUE INDEX "casemark_case_ref_user_id" ON "case_marks" ("case_ref", "user_id");
