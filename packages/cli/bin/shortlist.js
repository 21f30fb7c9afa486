#!/usr/bin/env node
// A committed entry so installs can link the bin before dist/ is built.
import '../dist/bin.js';
