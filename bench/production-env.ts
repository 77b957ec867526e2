// Imported first by benchmarks that time React work (the report PDF): React's production build, as the
// production image runs it (Dockerfile: NODE_ENV=production); the development build checks every element.
process.env.NODE_ENV = 'production';
