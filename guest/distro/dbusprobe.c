// SPDX-License-Identifier: GPL-2.0
/*
 * dbusprobe: talk to the system bus as the LSMs label this program, and
 * print what the bus answered.
 *
 *   dbusprobe [-s CONTEXT]            GetId: "ok" or the error's name
 *   dbusprobe [-s CONTEXT] selinux    the SELinux context the bus holds
 *   dbusprobe features                the bus's Features (its mediations)
 *
 * GetId is answered by the bus itself and its configuration lets everyone
 * call it, so org.freedesktop.DBus.Error.AccessDenied comes from an LSM's
 * rules. "selinux" asks the bus for this connection's own context, as
 * dbus-daemon learnt it (getpeercon()) and mediates with; the bus has no
 * such call for AppArmor's label. "features" lists "AppArmor" and
 * "SELinux" when the bus mediates for them.
 *
 * -s CONTEXT: the socket to the bus is created with this SELinux context
 * (sockcreate), so that dbus-daemon's SELinux checks see CONTEXT as the
 * caller's, without a domain transition that the test's policy would
 * have to allow for everything the program does.
 *
 * Built against libdbus-1 in the trixie build root (harness/distro-image.sh).
 */
#include <dbus/dbus.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* SELinux's own sockcreate file where the kernel has one per LSM. */
static int set_sockcreate(const char *context)
{
	static const char *const files[] = {
		"/proc/thread-self/attr/selinux/sockcreate",
		"/proc/thread-self/attr/sockcreate",
	};
	unsigned int i;
	int fd;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		fd = open(files[i], O_WRONLY);
		if (fd < 0)
			continue;
		if (write(fd, context, strlen(context)) < 0) {
			perror(files[i]);
			close(fd);
			return -1;
		}
		close(fd);
		return 0;
	}
	perror("sockcreate");
	return -1;
}

/* Print the reply: SELinux's context (bytes), or Features (strings). */
static void print_reply(DBusMessage *reply)
{
	DBusMessageIter it, sub;
	const char *s, *sep = "";
	int n;

	dbus_message_iter_init(reply, &it);
	if (dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_VARIANT) {
		dbus_message_iter_recurse(&it, &sub);
		it = sub;
	}
	if (dbus_message_iter_get_arg_type(&it) != DBUS_TYPE_ARRAY)
		return;
	dbus_message_iter_recurse(&it, &sub);
	if (dbus_message_iter_get_arg_type(&sub) == DBUS_TYPE_BYTE) {
		dbus_message_iter_get_fixed_array(&sub, &s, &n);
		printf("%.*s\n", n, s);
		return;
	}
	for (; dbus_message_iter_get_arg_type(&sub) == DBUS_TYPE_STRING;
	     dbus_message_iter_next(&sub)) {
		dbus_message_iter_get_basic(&sub, &s);
		printf("%s%s", sep, s);
		sep = " ";
	}
	printf("\n");
}

int main(int argc, char **argv)
{
	const char *method = "GetId", *name;
	const char *iface = DBUS_INTERFACE_DBUS, *prop = "Features";
	DBusConnection *bus;
	DBusMessage *call, *reply;
	DBusError err;
	int arg = 1;

	if (argc > 2 && !strcmp(argv[1], "-s")) {
		if (set_sockcreate(argv[2]))
			return 2;
		arg = 3;
	}
	if (argc == arg + 1 && !strcmp(argv[arg], "selinux"))
		method = "GetConnectionSELinuxSecurityContext";
	else if (argc == arg + 1 && !strcmp(argv[arg], "features"))
		method = "Get";
	else if (argc != arg) {
		fprintf(stderr, "usage: dbusprobe [-s CONTEXT] [selinux|features]\n");
		return 2;
	}

	dbus_error_init(&err);
	bus = dbus_bus_get_private(DBUS_BUS_SYSTEM, &err);
	if (!bus) {
		printf("%s\n", err.name);
		return 1;
	}
	call = dbus_message_new_method_call(DBUS_SERVICE_DBUS, DBUS_PATH_DBUS,
			!strcmp(method, "Get") ? DBUS_INTERFACE_PROPERTIES :
			DBUS_INTERFACE_DBUS, method);
	name = dbus_bus_get_unique_name(bus);
	if (!call)
		return 2;
	if (!strcmp(method, "Get") ?
	    !dbus_message_append_args(call, DBUS_TYPE_STRING, &iface,
				      DBUS_TYPE_STRING, &prop, DBUS_TYPE_INVALID) :
	    argc > arg && !dbus_message_append_args(call, DBUS_TYPE_STRING,
						    &name, DBUS_TYPE_INVALID))
		return 2;
	reply = dbus_connection_send_with_reply_and_block(bus, call, 20000, &err);
	dbus_message_unref(call);
	if (!reply) {
		printf("%s\n", err.name);
		return 1;
	}
	if (argc > arg)
		print_reply(reply);
	else
		printf("ok\n");
	dbus_message_unref(reply);
	dbus_connection_close(bus);
	dbus_connection_unref(bus);
	return 0;
}
