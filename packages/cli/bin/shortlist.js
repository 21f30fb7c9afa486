#!/usr/bin/env node
// A committed entry so installs can link the bin before dist/ is built; the build bundles the
// command line into dist/shortlist.js so it starts fast.
import '../dist/shortlist.js';
