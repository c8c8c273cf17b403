"""The scale test's moving parts: settings and HTTP, processes, the cluster, the clients."""
