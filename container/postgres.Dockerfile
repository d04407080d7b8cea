# PostgreSQL 15 for container/compose.yaml, from Debian's package on the same base as the bot
# (the official image is a registry pull, which this machine cannot make). The first start
# creates the cluster, the user and its database from POSTGRES_USER, POSTGRES_PASSWORD and
# POSTGRES_DB (container/postgres-start), as the official image does.
ARG BASE=gamehost-base:bookworm
FROM ${BASE}
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-15 \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY container/postgres-start /usr/local/bin/postgres-start
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
HEALTHCHECK --interval=2s --timeout=3s --start-period=30s --retries=5 \
    CMD ["pg_isready", "-q", "-h", "127.0.0.1"]
STOPSIGNAL SIGINT
ENTRYPOINT ["postgres-start"]
