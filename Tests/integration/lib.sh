#!/usr/bin/env bash
# Shared helpers for the curl integration scripts (sourced, not run).
# Each script gets STRATA_BIN (the built binary) and STRATA_ROOT (the package root).
set -euo pipefail
