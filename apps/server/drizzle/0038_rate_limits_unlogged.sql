-- Rate-limit counters are written by most API requests and live for a window of minutes: they need no
-- write-ahead log, so a counting statement commits without waiting for a WAL flush (decision 0126).
-- After a crash PostgreSQL empties an unlogged table, which starts every window anew.
ALTER TABLE "rate_limits" SET UNLOGGED;
