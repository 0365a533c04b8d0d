# SPDX-License-Identifier: BSD-2-Clause
# `make deps`: install every dependency from Debian's archive (idempotent).
# The stamp is keyed by the script's content, so editing the list re-runs it;
# it is also older than dpkg's status after any package change, so a package
# removed since re-runs it too (a quarter of a second when nothing is missing).
# scripts/lib/linux-source.sh names the kernel's linux-source version, which
# deps.sh fetches into the cache: a new version re-runs it.

DEPS_STAMP := $(CACHE)/stamps/deps-$(call hash_files,$(TOP)/scripts/deps.sh \
	$(TOP)/scripts/lib/linux-source.sh)
DPKG_STATUS := $(wildcard /var/lib/dpkg/status)

deps: $(DEPS_STAMP) ## install toolchain, build deps and sources (Debian only)

$(DEPS_STAMP): $(TOP)/scripts/deps.sh $(TOP)/scripts/lib/linux-source.sh $(DPKG_STATUS)
	@mkdir -p $(SRC_CACHE) $(dir $@)
	CACHE=$(CACHE) $(TOP)/scripts/deps.sh $(SRC_CACHE)
	@touch $@

.PHONY: deps
