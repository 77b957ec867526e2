-- Reserved for issue 4; filled by its feature. Statements separated by --> statement-breakpoint
SELECT 1;
