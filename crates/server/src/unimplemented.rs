//! Answers for API routes whose service is not built yet, each in its service's wire format, so
//! clients get a clear error instead of the website's HTML. Every service is built now (REST is
//! served by cb_rest), so nothing remains here.
