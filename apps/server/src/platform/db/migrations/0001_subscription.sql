-- Reserved for issue 3; filled by its feature. Statements separated by --> statement-breakpoint
SELECT 1;
