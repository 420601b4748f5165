"""Hosts: the host parser, the domain parser (UTS #46), IPv4 and IPv6."""
